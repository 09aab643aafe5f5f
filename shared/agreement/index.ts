export * from './coefficients';
export * from './types';
export { computeAgreement, problemAgreement } from './compute';
