import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { HonoEnv } from "../../env";
import { listCustomers } from "../../services/admin/customers";

const app = new Hono<HonoEnv>().get("/", async (c) => c.json(await listCustomers(getDb(c.env))));

export default app;
