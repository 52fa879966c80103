// Original flat technical illustrations of the demo parts (the store's product pictures).
// One drawing per kind of part; the brand colour and the brand tag vary per product.
// Regenerate the SVG files with `node scripts/seed-data/draw-parts.mjs`.

export const brandColours = {
  Vaillant: "#0a8f6a",
  Worcester: "#1f4e96",
  Baxi: "#c8102e",
  Ideal: "#d9531e",
  Drayton: "#0079c1",
  Glowworm: "#7b3fa0",
  Toshiba: "#3d4a5c",
};

const gradients = {
  bg: ["0 1", "#f7f9fc", "#e3eaf2"],
  metal: ["0 1", "#f3f5f8", "#c2cad3", "#939eab"],
  metalH: ["1 0", "#9aa5b2", "#eef1f5", "#b9c2cc"],
  brass: ["0 1", "#f6dc97", "#cf9f3f", "#9a7025"],
  copper: ["0 1", "#f5c09a", "#c9784a", "#93502c"],
  white: ["0 1", "#ffffff", "#dde4ec"],
  whiteH: ["1 0", "#d9e0e8", "#ffffff", "#d3dbe4"],
  red: ["1 0", "#9e1b22", "#e0444a", "#a81f27"],
};

function gradientDef(id) {
  const [dir, ...colours] = gradients[id];
  const [x2, y2] = dir.split(" ");
  const stops = colours.map((c, i) => `<stop offset="${i / (colours.length - 1)}" stop-color="${c}"/>`).join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops}</linearGradient>`;
}

const escapeXml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Two-wire lead: an outline stroke under a coloured core reads as a cable at any size. */
const cable = (d, colour, width = 6) =>
  `<path d="${d}" fill="none" stroke="#5b6673" stroke-width="${width + 2}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;

const nut = (x, y, h, fill = "url(#brass)") =>
  `<path d="M${x - 9} ${y - h / 2}h18l5 ${h / 2}-5 ${h / 2}h-18l-5-${h / 2}z" fill="${fill}" stroke="#8a6a2a"/>`;

const drawings = {
  gasValve: (c) => `
<rect x="54" y="158" width="76" height="32" rx="3" fill="url(#metal)" stroke="#8a95a3"/>
<rect x="270" y="158" width="76" height="32" rx="3" fill="url(#metal)" stroke="#8a95a3"/>
<rect x="110" y="144" width="18" height="60" rx="3" fill="url(#metal)" stroke="#7d8794"/>
<rect x="272" y="144" width="18" height="60" rx="3" fill="url(#metal)" stroke="#7d8794"/>
<rect x="124" y="110" width="152" height="120" rx="12" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<rect x="126" y="204" width="148" height="24" rx="10" fill="#0b1f33" opacity=".08"/>
<rect x="140" y="62" width="54" height="58" rx="7" fill="#27313d"/>
<rect x="206" y="62" width="54" height="58" rx="7" fill="#27313d"/>
<rect x="140" y="62" width="54" height="9" rx="4" fill="#3e4a58"/>
<rect x="206" y="62" width="54" height="9" rx="4" fill="#3e4a58"/>
<rect x="147" y="84" width="40" height="12" rx="2" fill="${c}"/>
<rect x="213" y="84" width="40" height="12" rx="2" fill="${c}"/>
<rect x="220" y="44" width="26" height="20" rx="3" fill="#f2f4f7" stroke="#9aa4b0"/>
${cable("M228 44C226 24 262 18 300 30", "#2b3440", 4)}${cable("M238 44C240 30 270 30 306 44", c, 4)}
<circle cx="150" cy="174" r="8" fill="url(#brass)" stroke="#8a6a2a"/><circle cx="150" cy="174" r="2.5" fill="#4a3a1a"/>
<circle cx="176" cy="174" r="8" fill="url(#brass)" stroke="#8a6a2a"/><circle cx="176" cy="174" r="2.5" fill="#4a3a1a"/>
<circle cx="244" cy="174" r="14" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<path d="M236 174h16" stroke="#5b6673" stroke-width="3" stroke-linecap="round"/>
<path d="M160 212h66m-8-6 8 6-8 6" fill="none" stroke="#6d7885" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,

  pcb: (c) => `
<rect x="62" y="58" width="276" height="184" rx="10" fill="#1e7a4f" stroke="#155c3b" stroke-width="2"/>
<rect x="68" y="64" width="264" height="172" rx="7" fill="none" stroke="#34a26c" opacity=".6"/>
<g fill="#f0f3f7" stroke="#d8b45a" stroke-width="3"><circle cx="80" cy="76" r="6"/><circle cx="320" cy="76" r="6"/><circle cx="80" cy="224" r="6"/><circle cx="320" cy="224" r="6"/></g>
<path d="M96 98h36l12 12M96 112h28l10 10M232 124h22l12-12h26M232 140h60M232 156h16l10 10h46M150 196v14h-30M206 196v20M190 196v26M136 132h-12v12h-20" fill="none" stroke="#d8b45a" stroke-width="2.5" stroke-linecap="round" opacity=".85"/>
<g fill="#d8b45a"><circle cx="292" cy="112" r="3"/><circle cx="292" cy="140" r="3"/><circle cx="104" cy="144" r="3"/><circle cx="120" cy="210" r="3"/></g>
<path d="M154 106h62M154 200h62" stroke="#c9ced6" stroke-width="8" stroke-dasharray="3 4.4"/>
<path d="M146 114v62M224 114v62" stroke="#c9ced6" stroke-width="8" stroke-dasharray="3 4.4"/>
<rect x="150" y="110" width="70" height="70" rx="4" fill="#1b1f25"/><circle cx="161" cy="121" r="3.5" fill="#3a414b"/>
<path d="M256 170h36M256 198h36" stroke="#c9ced6" stroke-width="6" stroke-dasharray="3 4"/>
<rect x="252" y="172" width="44" height="24" rx="2" fill="#1b1f25"/>
<rect x="86" y="150" width="44" height="32" rx="3" fill="#2f6db3"/><rect x="86" y="188" width="44" height="32" rx="3" fill="#2f6db3"/>
<path d="M94 160h28M94 198h28" stroke="#dbe8f6" stroke-width="2" opacity=".8"/>
<circle cx="262" cy="92" r="13" fill="#2c3440"/><circle cx="262" cy="92" r="10" fill="#414c5a"/><path d="M256 92h12M262 86v12" stroke="#b8c1cb" stroke-width="1.5"/>
<circle cx="300" cy="98" r="10" fill="#2c3440"/><circle cx="300" cy="98" r="7.5" fill="#414c5a"/>
<rect x="236" y="208" width="18" height="8" rx="2" fill="#d9c7a0"/><rect x="236" y="222" width="18" height="8" rx="2" fill="#d9c7a0"/>
<rect x="140" y="212" width="86" height="22" rx="3" fill="${c}"/>
<path d="M146 223h74" stroke="#fff" stroke-width="9" stroke-dasharray="6 5" opacity=".75"/>`,

  fan: (c, variant) => (variant === "axial" ? axialFan(c) : blowerFan(c)),

  flue: (c, variant) => flue(c, variant),

  valve: (c, variant) => valves[variant](c),

  heatExchanger: (c, variant) => (variant === "plate" ? plateHex(c) : primaryHex(c)),

  burner: (c) => `
<defs><pattern id="holes" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="1.7" fill="#5f6b79"/></pattern>
<path id="flame" d="M0 0c-8-7-8-17 0-28 8 11 8 21 0 28z"/></defs>
<g fill="#4d95ff" opacity=".75"><use href="#flame" x="160" y="118"/><use href="#flame" x="186" y="116"/><use href="#flame" x="212" y="118"/><use href="#flame" x="238" y="116"/><use href="#flame" x="264" y="118"/><use href="#flame" x="290" y="116"/><use href="#flame" x="314" y="118"/></g>
<rect x="60" y="136" width="44" height="40" rx="4" fill="url(#metal)" stroke="#7d8794"/>
<rect x="134" y="120" width="196" height="72" rx="10" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<rect x="140" y="126" width="184" height="60" rx="6" fill="url(#holes)"/>
<ellipse cx="330" cy="156" rx="11" ry="36" fill="#c3cad3" stroke="#7d8794" stroke-width="2"/>
<rect x="98" y="86" width="40" height="140" rx="8" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<rect x="134" y="92" width="7" height="128" rx="2" fill="${c}"/>
<g fill="#5b6673"><circle cx="118" cy="102" r="5"/><circle cx="118" cy="210" r="5"/></g>`,

  control: (c, variant) => controls[variant](c),

  electrode: (c) => `
<path d="M163 112V70h80v16M199 112V92h40" fill="none" stroke="#8c97a4" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="148" y="106" width="30" height="72" rx="12" fill="#f6f2e8" stroke="#cdc5b2" stroke-width="2"/>
<rect x="184" y="106" width="30" height="72" rx="12" fill="#f6f2e8" stroke="#cdc5b2" stroke-width="2"/>
<path d="M150 124h26M150 134h26M186 124h26M186 134h26" stroke="#e1d9c6" stroke-width="2"/>
<rect x="112" y="172" width="140" height="26" rx="5" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<rect x="112" y="196" width="140" height="5" rx="2" fill="${c}"/>
<g fill="#5b6673"><circle cx="128" cy="185" r="5"/><circle cx="236" cy="185" r="5"/></g>
${cable("M232 199C250 236 292 236 318 214", "#2b3440", 6)}
<rect x="306" y="196" width="28" height="20" rx="3" fill="${c}" transform="rotate(-30 320 206)"/>`,

  vessel: (c) => `
<rect x="188" y="34" width="24" height="30" fill="url(#brass)" stroke="#8a6a2a"/>${nut(200, 62, 14)}
<rect x="132" y="62" width="136" height="182" rx="54" fill="url(#red)" stroke="#7e161c" stroke-width="2"/>
<rect x="132" y="146" width="136" height="10" fill="#8f1a21" opacity=".55"/>
<rect x="158" y="168" width="84" height="46" rx="4" fill="#f7f8fa"/>
<rect x="158" y="168" width="84" height="9" rx="3" fill="${c}"/>
<text x="200" y="204" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="18" font-weight="700" fill="#1f2a36">8 L</text>
<rect x="193" y="242" width="14" height="14" fill="url(#metal)" stroke="#7d8794"/><rect x="191" y="254" width="18" height="8" rx="2" fill="#1f2a36"/>`,

  sensor: (c) => `
<rect x="44" y="172" width="312" height="34" rx="3" fill="url(#copper)" stroke="#8a4a28"/>
<path d="M154 174c0 44 92 44 92 0" fill="none" stroke="#8c97a4" stroke-width="6" stroke-linecap="round"/>
<rect x="158" y="116" width="84" height="60" rx="9" fill="url(#white)" stroke="#b8c2cd" stroke-width="2"/>
<text x="200" y="152" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="15" font-weight="700" fill="#6d7885">NTC</text>
<rect x="236" y="124" width="34" height="32" rx="5" fill="${c}"/>
${cable("M268 134C300 130 312 96 340 82", "#2b3440", 5)}${cable("M268 146C306 146 322 110 352 100", "#e8ecf0", 5)}`,
};

function blowerFan(c) {
  const blades = Array.from({ length: 12 }, (_, i) => `<use href="#blade" transform="rotate(${i * 30} 180 165)"/>`).join("");
  return `
<defs><path id="blade" d="M180 115q13 14 5 30" fill="none" stroke="#c9d0d8" stroke-width="5" stroke-linecap="round"/></defs>
<path d="M180 81H306V131H253A84 84 0 1 1 180 81Z" fill="#38424e" stroke="#232a33" stroke-width="2"/>
<rect x="298" y="85" width="10" height="42" rx="2" fill="#1b2128"/>
<circle cx="180" cy="165" r="62" fill="#252d36"/><circle cx="180" cy="165" r="55" fill="#56616e"/>${blades}
<circle cx="180" cy="165" r="21" fill="${c}"/><circle cx="180" cy="165" r="7" fill="#eef1f4"/>
<g fill="#8c97a4"><circle cx="110" cy="120" r="5"/><circle cx="112" cy="214" r="5"/><circle cx="246" cy="218" r="5"/></g>
<rect x="218" y="226" width="44" height="20" rx="3" fill="#f2f4f7" stroke="#9aa4b0"/>
${cable("M240 246C244 262 290 264 318 250", c, 4)}`;
}

function axialFan(c) {
  const blade = "M200 150C206 104 244 70 282 80C296 112 262 146 200 150Z";
  return `
<circle cx="200" cy="150" r="108" fill="none" stroke="#d3dae2" stroke-width="3" stroke-dasharray="6 8"/>
<g fill="#3d4652" stroke="#262d36" stroke-width="2"><path d="${blade}"/><path d="${blade}" transform="rotate(120 200 150)"/><path d="${blade}" transform="rotate(240 200 150)"/></g>
<circle cx="200" cy="150" r="34" fill="${c}" stroke="#1f2730" stroke-width="2"/><circle cx="200" cy="150" r="14" fill="url(#metal)"/>
<circle cx="200" cy="150" r="4" fill="#2b3440"/>
${cable("M222 176C236 222 282 236 322 228", "#2b3440", 5)}`;
}

/** A 60/100 concentric flue: white outer air duct, grey inner flue pipe visible at the open ends. */
const flueEnd = (cx, cy, rx, ry) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#eef2f6" stroke="#a9b4c0" stroke-width="2"/><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.6}" ry="${ry * 0.6}" fill="#8a95a3"/><ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.45}" ry="${ry * 0.45}" fill="#39424d"/>`;

function flue(c, variant) {
  const label = `<text x="170" y="161" font-family="Arial,Helvetica,sans-serif" font-size="11" fill="#8a95a3">60/100</text>`;
  if (variant === "straight") {
    return `
<rect x="70" y="128" width="240" height="56" rx="4" fill="url(#white)" stroke="#a9b4c0" stroke-width="2"/>
<rect x="298" y="120" width="42" height="72" rx="6" fill="url(#white)" stroke="#a9b4c0" stroke-width="2"/>
<rect x="294" y="122" width="5" height="68" fill="${c}"/>${flueEnd(70, 156, 12, 28)}${label}`;
  }
  if (variant === "terminal") {
    return `
<rect x="96" y="128" width="250" height="56" rx="4" fill="url(#white)" stroke="#a9b4c0" stroke-width="2"/>
<rect x="54" y="118" width="52" height="76" rx="10" fill="#2b3440"/>
<path d="M66 128v56M76 128v56M86 128v56M96 128v56" stroke="#5b6673" stroke-width="4"/>
<rect x="150" y="116" width="14" height="80" rx="5" fill="${c}"/>
<rect x="262" y="124" width="10" height="64" rx="3" fill="url(#metal)" stroke="#7d8794"/>
${flueEnd(346, 156, 12, 28)}<text x="190" y="161" font-family="Arial,Helvetica,sans-serif" font-size="11" fill="#8a95a3">60/100</text>`;
  }
  // Elbow and plume kit share the bend; the plume kit is the thinner single-wall pipe with a cowl.
  const plume = variant === "plume";
  const w = plume ? 34 : 56;
  const cy = plume ? 214 : 204;
  const cx = plume ? 262 : 250;
  const top = plume ? 74 : 62;
  const r = cx - 196;
  const bend = `M196 ${cy}A${r} ${r} 0 0 0 ${cx} ${cy - r}`;
  const ends = plume
    ? `<ellipse cx="74" cy="${cy}" rx="8" ry="${w / 2}" fill="#eef2f6" stroke="#a9b4c0" stroke-width="2"/><ellipse cx="74" cy="${cy}" rx="5" ry="${w / 2 - 5}" fill="#39424d"/>
<path d="M${cx - 30} ${top + 4}h60l-8-26h-44z" fill="url(#white)" stroke="#a9b4c0" stroke-width="2"/><rect x="${cx - 24}" y="${top - 26}" width="48" height="8" rx="3" fill="#2b3440"/>
<rect x="${cx - 26}" y="${top + 34}" width="52" height="10" rx="4" fill="${c}"/><rect x="140" y="${cy - 26}" width="10" height="52" rx="4" fill="${c}"/>`
    : `${flueEnd(80, cy, 12, 28)}${flueEnd(cx, top, 28, 10)}
<rect x="${cx - 34}" y="${top + 12}" width="68" height="14" rx="5" fill="${c}"/>`;
  return `
<path d="${bend}" fill="none" stroke="#a9b4c0" stroke-width="${w + 4}"/><path d="${bend}" fill="none" stroke="#f3f6f9" stroke-width="${w}"/>
<rect x="${plume ? 74 : 80}" y="${cy - w / 2}" width="${(plume ? 124 : 118) + 2}" height="${w}" fill="url(#white)" stroke="#a9b4c0" stroke-width="2"/>
<rect x="${cx - w / 2}" y="${top}" width="${w}" height="${cy - r - top + 2}" fill="url(#whiteH)" stroke="#a9b4c0" stroke-width="2"/>
${ends}`;
}

const valves = {
  zone: (c) => `
<rect x="40" y="188" width="80" height="26" fill="url(#copper)" stroke="#8a4a28"/><rect x="280" y="188" width="80" height="26" fill="url(#copper)" stroke="#8a4a28"/>
<rect x="124" y="178" width="152" height="46" rx="8" fill="url(#brass)" stroke="#8a6a2a" stroke-width="2"/>${nut(124, 201, 46)}${nut(276, 201, 46)}
<rect x="184" y="160" width="32" height="22" fill="url(#metal)" stroke="#7d8794"/>
<rect x="134" y="64" width="132" height="102" rx="14" fill="url(#white)" stroke="#b8c2cd" stroke-width="2"/>
<rect x="154" y="86" width="92" height="10" rx="5" fill="${c}"/><path d="M162 112h76M162 124h52" stroke="#c8d0da" stroke-width="4" stroke-linecap="round"/>
<rect x="258" y="120" width="40" height="16" rx="6" fill="${c}"/>
${cable("M136 96C100 96 92 60 58 56", "#f4f6f9", 7)}`,

  diverter: (c) => `
<rect x="288" y="140" width="66" height="24" rx="4" fill="#e9edf1" stroke="#aab4bf" stroke-width="2"/>
<path d="M300 132l6 40 6-40 6 40 6-40 6 40" fill="none" stroke="#8c97a4" stroke-width="2.5"/>
<rect x="88" y="128" width="204" height="48" rx="9" fill="url(#brass)" stroke="#8a6a2a" stroke-width="2"/>
<g fill="#1d232b"><rect x="118" y="122" width="11" height="60" rx="4"/><rect x="178" y="122" width="11" height="60" rx="4"/><rect x="238" y="122" width="11" height="60" rx="4"/></g>
<rect x="54" y="118" width="40" height="68" rx="9" fill="${c}"/><rect x="60" y="126" width="28" height="6" rx="3" fill="#fff" opacity=".35"/>`,

  prv: (c) => `
<rect x="226" y="150" width="100" height="30" fill="url(#copper)" stroke="#8a4a28"/>${nut(236, 165, 40)}
<rect x="182" y="206" width="36" height="48" fill="url(#brass)" stroke="#8a6a2a"/>${nut(200, 236, 30)}
<rect x="166" y="104" width="68" height="110" rx="10" fill="url(#brass)" stroke="#8a6a2a" stroke-width="2"/>
<rect x="156" y="64" width="88" height="48" rx="12" fill="${c}"/>
<path d="M170 70v36M182 70v36M194 70v36M206 70v36M218 70v36M230 70v36" stroke="#fff" stroke-width="3" opacity=".3"/>
<text x="200" y="170" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="14" font-weight="700" fill="#7a5a1c">3 bar</text>`,

  trv: (c) => `
<rect x="70" y="194" width="92" height="28" fill="url(#brass)" stroke="#8a6a2a"/>${nut(96, 208, 40)}
<rect x="206" y="222" width="28" height="44" fill="url(#copper)" stroke="#8a4a28"/>${nut(220, 230, 22)}
<rect x="150" y="186" width="96" height="42" rx="8" fill="url(#brass)" stroke="#8a6a2a" stroke-width="2"/>
<rect x="158" y="58" width="80" height="134" rx="16" fill="url(#whiteH)" stroke="#b8c2cd" stroke-width="2"/>
<path d="M172 72v106M184 70v110M212 70v110M224 72v106" stroke="#dfe5ec" stroke-width="3"/>
<rect x="186" y="104" width="24" height="30" rx="5" fill="#fff" stroke="#c8d0da"/>
<text x="198" y="126" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="18" font-weight="700" fill="${c}">3</text>
<path d="M190 92l8 8 8-8z" fill="${c}"/>`,

  motor: (c) => `
<rect x="180" y="196" width="40" height="34" fill="url(#metal)" stroke="#7d8794"/>
<path d="M170 232h60" stroke="#8c97a4" stroke-width="8" stroke-linecap="round"/>
<rect x="124" y="84" width="152" height="116" rx="20" fill="#2e3742" stroke="#1c232b" stroke-width="2"/>
<rect x="124" y="84" width="152" height="16" rx="8" fill="#3d4856"/>
<rect x="146" y="116" width="108" height="22" rx="5" fill="${c}"/><path d="M156 160h88M156 174h60" stroke="#56616e" stroke-width="5" stroke-linecap="round"/>
<rect x="276" y="128" width="26" height="28" rx="4" fill="#f2f4f7" stroke="#9aa4b0"/>
${cable("M302 142C330 142 336 110 356 100", "#2b3440", 6)}`,
};

function primaryHex(c) {
  const turns = Array.from({ length: 9 }, (_, i) => `M124 ${86 + i * 17}q76 15 152 0`).join("");
  return `
<rect x="150" y="34" width="24" height="40" fill="url(#metal)" stroke="#7d8794"/><rect x="226" y="34" width="24" height="40" fill="url(#metal)" stroke="#7d8794"/>
<rect x="146" y="50" width="32" height="9" rx="3" fill="#d64545"/><rect x="222" y="50" width="32" height="9" rx="3" fill="#2f7fd8"/>
<rect x="116" y="70" width="168" height="166" rx="18" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<path d="${turns}" fill="none" stroke="#9aa5b1" stroke-width="7"/><path d="${turns}" fill="none" stroke="#f4f6f8" stroke-width="2" transform="translate(0 -3)"/>
<circle cx="200" cy="152" r="46" fill="#d5dbe2" stroke="${c}" stroke-width="5"/><circle cx="200" cy="152" r="28" fill="#2b3440"/>
<g fill="#5b6673"><circle cx="166" cy="124" r="4"/><circle cx="234" cy="124" r="4"/><circle cx="166" cy="180" r="4"/><circle cx="234" cy="180" r="4"/></g>
<rect x="192" y="234" width="16" height="22" fill="#9aa4b0"/>`;
}

function plateHex(c) {
  const edges = Array.from({ length: 12 }, (_, i) => `M${274 + i * 2} ${78 - i}v158`).join("");
  return `
<defs><pattern id="chev" width="20" height="14" patternUnits="userSpaceOnUse"><path d="M0 11 10 4l10 7" fill="none" stroke="#a4aeba" stroke-width="2"/></pattern></defs>
<path d="M270 80l28-16v160l-28 16z" fill="#b8c1cb"/><path d="${edges}" stroke="#939eab" stroke-width="1"/>
<path d="M130 80l28-16h140l-28 16z" fill="#e8ecf0" stroke="#a9b4c0"/>
<rect x="130" y="80" width="140" height="160" rx="4" fill="url(#metal)" stroke="#7d8794" stroke-width="2"/>
<rect x="142" y="118" width="116" height="84" fill="url(#chev)"/>
<g fill="#39424d" stroke="${c}" stroke-width="4"><circle cx="154" cy="100" r="11"/><circle cx="246" cy="100" r="11"/><circle cx="154" cy="220" r="11"/><circle cx="246" cy="220" r="11"/></g>`;
}

const controls = {
  programmer: (c) => `
<rect x="88" y="74" width="224" height="160" rx="16" fill="url(#white)" stroke="#c3cbd5" stroke-width="2"/>
<rect x="110" y="96" width="180" height="68" rx="6" fill="#d3e4d6" stroke="#aebfb2"/>
<text x="122" y="114" font-family="Arial,Helvetica,sans-serif" font-size="10" font-weight="700" fill="#3d5244">MON  ON</text>
<text x="200" y="150" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" fill="#23362a">06:30</text>
<g fill="#e2e8ee" stroke="#c3cbd5"><rect x="110" y="180" width="34" height="20" rx="10"/><rect x="152" y="180" width="34" height="20" rx="10"/><rect x="194" y="180" width="34" height="20" rx="10"/></g>
<circle cx="268" cy="190" r="14" fill="${c}"/><circle cx="286" cy="112" r="4" fill="#3ccf6e"/>`,

  thermostat: (c) => `
<rect x="290" y="164" width="62" height="76" rx="12" fill="url(#white)" stroke="#c3cbd5" stroke-width="2"/><circle cx="321" cy="184" r="4" fill="${c}"/>
<circle cx="190" cy="148" r="88" fill="url(#white)" stroke="#c3cbd5" stroke-width="2"/>
<circle cx="190" cy="148" r="70" fill="none" stroke="#e3e8ee" stroke-width="9"/>
<circle cx="190" cy="148" r="70" fill="none" stroke="${c}" stroke-width="9" stroke-linecap="round" stroke-dasharray="300 440" transform="rotate(135 190 148)"/>
<text x="190" y="160" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#1f2a36">20.5°</text>
<path d="M190 112c-6-5-6-12 0-19 6 7 6 14 0 19z" fill="#ff7a1a"/>`,

  remote: (c) => `
<rect x="118" y="56" width="164" height="188" rx="14" fill="url(#white)" stroke="#c3cbd5" stroke-width="2"/>
<rect x="136" y="74" width="128" height="82" rx="5" fill="#1e2a36"/>
<text x="200" y="126" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" fill="#bfe3ff">45°C</text>
<text x="146" y="92" font-family="Arial,Helvetica,sans-serif" font-size="9" fill="#8fb3d0">HOT WATER</text>
<g fill="#e2e8ee" stroke="#c3cbd5"><rect x="136" y="172" width="38" height="22" rx="5"/><rect x="181" y="172" width="38" height="22" rx="5"/><rect x="136" y="202" width="38" height="22" rx="5"/><rect x="181" y="202" width="38" height="22" rx="5"/></g>
<rect x="226" y="172" width="38" height="52" rx="6" fill="${c}"/><text x="245" y="203" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="11" font-weight="700" fill="#fff">ON</text>`,
};

/** The complete SVG document for one product. */
export function partSvg(product) {
  const colour = brandColours[product.brand];
  if (!colour) throw new Error(`no brand colour for ${product.brand}`);
  const draw = drawings[product.art.kind];
  if (!draw) throw new Error(`no drawing for ${product.art.kind}`);
  const body = draw(colour, product.art.variant);
  const tag = product.brand.toUpperCase();
  // The brand tag sits bottom right: the store and admin cards put their own badges in the top corners.
  // Arial Bold caps at 11 px with 1 px tracking average about 9 px; the text is centred in the tag.
  const tagWidth = Math.round(tag.length * 9.2 + 24);
  const defs = Object.keys(gradients)
    .filter((id) => id === "bg" || body.includes(`url(#${id})`))
    .map(gradientDef)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-labelledby="title">
<title id="title">${escapeXml(product.name)}</title>
<defs>${defs}</defs>
<rect width="400" height="300" fill="url(#bg)"/>
<circle cx="200" cy="150" r="128" fill="#fff" opacity=".6"/>
<ellipse cx="200" cy="262" rx="140" ry="12" fill="#0b3b66" opacity=".08"/>${body}
<rect x="${384 - tagWidth}" y="262" width="${tagWidth}" height="24" rx="12" fill="${colour}"/>
<text x="${384 - tagWidth / 2}" y="278" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="11" font-weight="700" letter-spacing="1" fill="#fff">${tag}</text>
</svg>
`;
}
