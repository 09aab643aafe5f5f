/** The noun for a count, without the count ("open flag", "open flags"), where the number is shown apart. */
export const nounFor = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** "1 problem", "2 problems": a count with its noun (`many` for a plural that is not the noun plus "s"). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${nounFor(n, one, many)}`;
