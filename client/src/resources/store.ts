import { ResourceCache } from './cache';

/** Reads this young are shared as they are (pages opened one after another); older ones are shown and reloaded. */
const MAX_AGE_MS = 5_000;

/** The app's one cache of loaded resources. */
export const resourceCache = new ResourceCache({ maxAgeMs: MAX_AGE_MS, now: () => Date.now() });
