import { lazy, Suspense, useState } from "react";
import { SectionHeading } from "../site/section-heading";
import { galleryItems } from "./gallery-items";

// The viewer (a dialog) is fetched when a visitor heads for a thumbnail, not with the page.
const loadViewer = () => import("./gallery-viewer");
const GalleryViewer = lazy(loadViewer);

/** Landing section 10: eight recent jobs; each opens the full-screen viewer. */
export function Gallery() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const open = (index: number) => {
    setHasOpened(true);
    setOpenIndex(index);
  };

  return (
    <section className="section" aria-labelledby="gallery-title">
      <div className="container">
        <SectionHeading
          id="gallery-title"
          eyebrow="Recent work"
          title="A few of our recent jobs"
          lead="Boilers, bathrooms and heating systems we've fitted and fixed around Manchester."
        />
        <ul className="gallery">
          {galleryItems.map((item, index) => (
            <li key={item.id}>
              <button
                type="button"
                className="gallery__item"
                onClick={() => open(index)}
                onPointerEnter={loadViewer}
                onFocus={loadViewer}
                aria-haspopup="dialog"
                aria-label={`View larger: ${item.title}`}
              >
                <img src={item.image} alt="" width={800} height={600} loading="lazy" decoding="async" />
                <span className="gallery__caption">{item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {hasOpened ? (
        <Suspense fallback={null}>
          <GalleryViewer items={galleryItems} index={openIndex} onIndexChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
