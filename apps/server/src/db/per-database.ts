/** A value built on first use for a database (with that first call's arguments) and kept as long as that database: each database, a test's or an instance's, gets its own. */
export function perDatabase<D extends object, V, A extends unknown[]>(build: (db: D, ...args: A) => V): (db: D, ...args: A) => V {
  const built = new WeakMap<D, V>();
  return (db, ...args) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db, ...args);
      built.set(db, value);
    }
    return value;
  };
}
