import { Hono } from "hono";
import type { HonoEnv } from "../../env";

const app = new Hono<HonoEnv>();

export default app;
