import type { Compilable, CompiledQuery } from 'kysely';

/** A parameter value no caller sends: wherever the builder put it, each call's value goes. */
const SLOT = '\u0000compiled-once-slot';

/**
 * A query built and compiled on its first use, then only run again with a new value. For the
 * fixed-shape queries of the hot path (the signed-in user by id on every profile call), where
 * Kysely's building and compiling cost more CPU than the database takes to answer
 * (docs/performance.md). `build` gets the placeholder to put where the value goes.
 */
export function compiledOnce<Row>(
  build: (slot: string) => Compilable<Row>,
): (value: string) => CompiledQuery<Row> {
  let compiled: CompiledQuery<Row> | undefined;
  return (value) => {
    compiled ??= build(SLOT).compile();
    const parameters = compiled.parameters.map((parameter) =>
      parameter === SLOT ? value : parameter,
    );
    return { ...compiled, parameters };
  };
}
