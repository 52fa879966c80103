/**
 * Stylised outlines of Greater Manchester's ten boroughs, drawn for this site on a 640 × 600 grid
 * (north up). Neighbouring shapes share their edge points so the map tiles without gaps. Keys are
 * the area names of `coverageTiers` in schema/business.ts, which decides each borough's colour.
 */
export const mapShapes: Record<string, { label: string; points: string; labelAt: [number, number] }> = {
  Wigan: { label: "Wigan", points: "20,130 140,70 200,120 215,250 230,300 180,390 70,340 20,240", labelAt: [115, 235] },
  Bolton: { label: "Bolton", points: "140,70 230,40 320,50 330,140 320,230 230,300 215,250 200,120", labelAt: [265, 165] },
  Bury: { label: "Bury", points: "320,50 410,20 430,110 420,230 370,250 320,230 330,140", labelAt: [375, 140] },
  Rochdale: { label: "Rochdale", points: "410,20 520,20 600,90 590,190 510,200 430,110", labelAt: [510, 110] },
  Oldham: { label: "Oldham", points: "430,110 510,200 590,190 620,280 540,330 460,300 420,230", labelAt: [525, 255] },
  Salford: { label: "Salford", points: "230,300 320,230 370,250 380,300 360,360 300,390 180,390", labelAt: [295, 325] },
  "Manchester centre": {
    label: "Manchester",
    points: "370,250 420,230 460,300 470,380 440,470 430,560 390,560 380,470 360,360 380,300",
    labelAt: [418, 390],
  },
  Tameside: { label: "Tameside", points: "460,300 540,330 620,280 630,400 560,430 470,380", labelAt: [548, 368] },
  Stockport: { label: "Stockport", points: "470,380 560,430 630,400 600,520 540,590 430,560 440,470", labelAt: [530, 500] },
  "Stretford/Trafford": {
    label: "Trafford",
    points: "180,390 300,390 360,360 380,470 390,560 330,570 250,520 190,450",
    labelAt: [300, 460],
  },
};

/** Where the company's base (Stretford) sits on the map. */
export const basePin: [number, number] = [322, 420];
