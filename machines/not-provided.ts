/**
 * The default of an effect a machine invokes (load, save, send…): the live ones arrive
 * through `.provide()` from the view layer, stubs from the tests; until then the
 * actor refuses to run, naming what is missing.
 */
export const notProvided =
  (name: string) =>
  async (): Promise<never> => {
    throw new Error(`'${name}' not provided`);
  };
