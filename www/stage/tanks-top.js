// Where a part of the page starts, for the layouts that size the pictures to the window: in a
// laptop's window the tanks are as wide as lets them fit under where they start (page.css
// `--tanks-fit-height`, `--tanks-fit-width`, from `--tanks-top`), and a lesson's panel ends where
// the transport still fits (`--panel-top`). Only the layout knows where those parts start, and
// their width does not move it: the walkthrough (classroom.js) and compare.html's panes
// (compare.js) keep it on the root element here.

/**
 * Keeps `property` on the root element: the page's coordinate of the lowest top among the boxes
 * `boxes()` gives (absent ones skipped), measured again when one of `observed` changes size.
 * @param {string} property  e.g. `--tanks-top`
 * @param {() => (Element|null|undefined)[]} boxes
 * @param {(Element|null|undefined)[]} observed
 * @returns {ResizeObserver}
 */
export function followTop(property, boxes, observed) {
  const style = document.documentElement.style;
  const place = () => {
    const tops = boxes().filter(Boolean).map((box) => box.getBoundingClientRect().top + window.scrollY);
    if (tops.length === 0) return;
    const top = `${Math.round(Math.max(...tops))}px`;
    if (style.getPropertyValue(property) !== top) style.setProperty(property, top);
  };
  const observer = new ResizeObserver(place);
  for (const element of observed) if (element) observer.observe(element);
  return observer;
}
