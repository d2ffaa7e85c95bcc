/** The shape of a catalog with the same keys as T and any strings as values. */
export type Mirror<T> = { readonly [K in keyof T]: T[K] extends string ? string : Mirror<T[K]> };
