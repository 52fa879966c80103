import { useEffect, useRef, useState } from "react";

export const HERO_IMAGE = { src: "/images/site/hero.svg", width: 1600, height: 900 } as const;

/**
 * "pending": as prerendered, before the app knows whether the image has arrived (CSS fades it in on
 * its own, so a preloaded image costs no script time); "loading": still on its way, hidden under the
 * pulsing placeholder; "loaded": faded in over 500 ms; "failed": no image at all.
 * The fade is the placeholder's, lying over the image (home.css).
 */
type Status = "pending" | "loading" | "loaded" | "failed";

export function HeroImage() {
  const [status, setStatus] = useState<Status>("pending");
  const img = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const el = img.current;
    if (!el) return;
    // The load or error event may have fired before hydration attached the handlers.
    if (el.complete) setStatus(el.naturalWidth > 0 ? "loaded" : "failed");
    else setStatus("loading");
  }, []);

  return (
    <div className="hero-media" data-status={status} aria-hidden="true">
      {status === "failed" ? null : (
        // <picture> keeps React's server renderer from emitting its own preload <link> for this image
        // ahead of the app markup, which would not hydrate; the page head preloads it instead.
        <picture>
          <img
            ref={img}
            className="hero-media__img"
            src={HERO_IMAGE.src}
            width={HERO_IMAGE.width}
            height={HERO_IMAGE.height}
            alt=""
            fetchPriority="high"
            decoding="async"
            onLoad={() => setStatus("loaded")}
            onError={() => setStatus("failed")}
          />
        </picture>
      )}
      <div className="hero-media__placeholder" />
      <div className="hero-media__shade" />
    </div>
  );
}
