import { customType } from "drizzle-orm/pg-core";

/** Binary column. PGlite and node-postgres both hand back a Buffer/Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});
