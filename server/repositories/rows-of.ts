/** The rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
