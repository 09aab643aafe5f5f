export * from './coefficients';
export * from './types';
export { computeAgreement, overallAgreement, problemAgreement } from './compute';
export * from './bootstrap';
export { INTERVAL_FIGURES, type AgreementIntervals, type IntervalFigure } from './intervals';
export { agreementIntervals } from './compute';
export * from './readings';
export { pairsCsv, problemsCsv } from './csv';
export * from './intervalReading';
