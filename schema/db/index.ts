export * from "./bookings";
export * from "./crm";
export * from "./documents";
export * from "./mail";
export * from "./properties";
export * from "./security";
export * from "./settings";
export * from "./store";
