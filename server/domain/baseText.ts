import { createHash } from 'node:crypto';

/**
 * The name of a base text that saves carry: its SHA-256, hex. A domain function of the server
 * (shared/ stays free of node's modules, and the client only echoes the hash the server sent).
 */
export const baseTextHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
