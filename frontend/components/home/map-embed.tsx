import { Button } from "@radix-ui/themes";
import { useState } from "react";
import { company } from "../../../schema/business";
import { addressLineOf } from "../../../schema/facts";
import { Fact, useFacts } from "../../lib/facts";
import { MapPinIcon } from "../site/icons";

/**
 * OpenStreetMap costs a third-party page load and tracking-free tiles: it loads only when the
 * visitor asks for it. Until then an illustrated placeholder stands in.
 * The frame is centred on Stretford, where the business address is.
 */
const OSM_EMBED =
  "https://www.openstreetmap.org/export/embed.html?bbox=-2.3420%2C53.4340%2C-2.2760%2C53.4600&layer=mapnik&marker=53.4470%2C-2.3090";

export function MapEmbed() {
  const [isShown, setShown] = useState(false);
  const facts = useFacts();

  if (isShown) {
    return (
      <iframe
        className="map-embed map-embed__frame"
        src={OSM_EMBED}
        title={`Map showing ${company.name}, ${addressLineOf(facts)}`}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <div className="map-embed map-embed__placeholder">
      <img src="/images/site/map-placeholder.svg" alt="" width={800} height={500} loading="lazy" decoding="async" />
      <div className="map-embed__overlay">
        <p className="map-embed__address">
          <MapPinIcon size={20} /> <Fact name="address" />
        </p>
        <Button size="3" onClick={() => setShown(true)}>
          Show map
        </Button>
        <p className="map-embed__note">Loads OpenStreetMap</p>
      </div>
    </div>
  );
}
