import { Link } from "wouter";

export default function NotFound() {
  return (
    <section>
      <h1>404 Page Not Found</h1>
      <p>
        The page you were looking for isn't here. <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}
