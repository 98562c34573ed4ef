import { Link } from 'wouter';
import { buttonClasses } from '../components/ui/Button';
import { usePageTitle } from '../lib/usePageTitle';

export default function NotFound() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28" data-testid="not-found">
      <p className="bg-gradient-to-r from-plum-700 to-rose-500 bg-clip-text text-7xl font-extrabold tracking-tight text-transparent sm:text-8xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-ink-900 sm:text-3xl">Page not found</h1>
      <p className="mt-2 text-ink-500">
        The page you are looking for has moved or never existed. Let's get you back to something beautiful.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClasses('primary', 'lg')} data-testid="not-found-home">
          Go to home
        </Link>
        <Link href="/salons" className={buttonClasses('outline', 'lg')}>
          Browse salons
        </Link>
      </div>
    </div>
  );
}
