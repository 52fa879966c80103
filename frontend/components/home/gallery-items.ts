/** Landing section 10: recent work. */
export type GalleryItem = { id: number; image: string; title: string; description: string };

export const galleryItems: GalleryItem[] = [
  {
    id: 1,
    image: "/images/site/gallery-combi.svg",
    title: "Combi boiler installation",
    description: "A-rated combi boiler fitted in a kitchen cupboard in Stretford, replacing a 20-year-old back boiler.",
  },
  {
    id: 2,
    image: "/images/site/gallery-system.svg",
    title: "System boiler and cylinder",
    description: "System boiler with a new unvented hot water cylinder for a busy family home in Sale.",
  },
  {
    id: 3,
    image: "/images/site/gallery-bathroom.svg",
    title: "Bathroom refit",
    description: "Full bathroom refit in Urmston: new suite, thermostatic shower and heated towel rail.",
  },
  {
    id: 4,
    image: "/images/site/gallery-radiators.svg",
    title: "Radiator upgrade",
    description: "Six old radiators swapped for modern double panels with thermostatic valves in Old Trafford.",
  },
  {
    id: 5,
    image: "/images/site/gallery-service.svg",
    title: "Annual boiler service",
    description: "Gas Safe service with flue gas analysis, a clean of the burner and a written report in Altrincham.",
  },
  {
    id: 6,
    image: "/images/site/gallery-underfloor.svg",
    title: "Underfloor heating",
    description: "Wet underfloor heating laid under a new kitchen extension floor in Didsbury.",
  },
  {
    id: 7,
    image: "/images/site/gallery-thermostat.svg",
    title: "Smart thermostat",
    description: "Smart heating controls with room-by-room scheduling, set up on the customer's phone.",
  },
  {
    id: 8,
    image: "/images/site/gallery-leak.svg",
    title: "Emergency leak repair",
    description: "Burst pipe under a kitchen floor found and repaired within two hours of the call.",
  },
];
