export * from "./crm";
export * from "./mail";
export * from "./security";
export * from "./store";
