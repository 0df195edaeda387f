/** Never rendered: the catch-all route's loader always answers 404, which the route's error page shows. */
export default function NotFound() {
  return null;
}
