export * from './coefficients';
export * from './types';
export { computeAgreement, overallAgreement, problemAgreement } from './compute';
