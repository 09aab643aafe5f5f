/** "1 problem", "2 problems": a count with its noun (`many` for a plural that is not the noun plus "s"). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
