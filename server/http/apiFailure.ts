// The former name of DomainError, kept so work in flight on other branches still compiles.
// New code imports DomainError from server/domainError.ts.
export { DomainError as ApiFailure } from '../domainError.ts';
