import { z } from "./z";

/**
 * The choices the Benchmark commissioning checklist offers (issue 47 part 1), each with the words
 * the form and the PDF print: the boiler's type, its controls and energy-efficiency measures, the
 * filter fitted, the gas rate's unit. Written once for the form and the Worker.
 */
export const BOILER_TYPES = ["combination", "system", "regular"] as const;
export const boilerTypeLabels: Record<(typeof BOILER_TYPES)[number], string> = {
  combination: "Combination",
  system: "System",
  regular: "Regular (heat only)",
};

export const HEATING_CONTROLS = [
  "room-thermostat-and-programmer",
  "programmable-room-thermostat",
  "load-weather-compensation",
  "optimum-start",
] as const;
export const heatingControlLabels: Record<(typeof HEATING_CONTROLS)[number], string> = {
  "room-thermostat-and-programmer": "Room thermostat and programmer/timer",
  "programmable-room-thermostat": "Programmable room thermostat",
  "load-weather-compensation": "Load/weather compensation",
  "optimum-start": "Optimum start control",
};

export const HOT_WATER_CONTROLS = ["cylinder-thermostat-and-programmer", "combination-boiler"] as const;
export const hotWaterControlLabels: Record<(typeof HOT_WATER_CONTROLS)[number], string> = {
  "cylinder-thermostat-and-programmer": "Cylinder thermostat and programmer/timer",
  "combination-boiler": "Combination boiler",
};

export const FITTED = ["fitted", "not-required"] as const;
export const fittedLabels: Record<(typeof FITTED)[number], string> = { fitted: "Fitted", "not-required": "Not required" };

/** The energy-efficiency measure fitted with the boiler (Boiler Plus), or none. */
export const EFFICIENCY_MEASURES = [
  "weather-compensation",
  "load-compensation",
  "smart-thermostat",
  "flue-gas-heat-recovery",
  "none",
] as const;
export const efficiencyMeasureLabels: Record<(typeof EFFICIENCY_MEASURES)[number], string> = {
  "weather-compensation": "Weather compensation",
  "load-compensation": "Load compensation",
  "smart-thermostat": "Smart thermostat with automation and optimisation",
  "flue-gas-heat-recovery": "Flue gas heat recovery",
  none: "None",
};

export const FILTERS = ["magnetic", "other", "none"] as const;
export const filterLabels: Record<(typeof FILTERS)[number], string> = {
  magnetic: "Magnetic filter",
  other: "Other filter",
  none: "No filter",
};

export const GAS_RATE_UNITS = ["m3/h", "ft3/h"] as const;
export const gasRateUnitLabels: Record<(typeof GAS_RATE_UNITS)[number], string> = { "m3/h": "m³/h", "ft3/h": "ft³/h" };

/** One of `values`, not chosen yet (null) or chosen. */
export const choiceField = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum(values, { error: `${label}: choose one of the options` })
    .nullish()
    .transform((v) => v ?? null);
