/** The foot of the sign-in and register cards: home, terms and privacy links (docs/product.md §2 "Sign-in"). */
import { Link } from 'react-router';

/** `action` completes "By … you agree to our Terms of Service and Privacy Policy." */
export function AuthPageFooter({ action }: { action: string }) {
  return (
    <div className="flex flex-col items-center gap-2 border-t border-stone-200 pt-4 text-xs text-stone-500">
      <Link to="/" className="rounded font-medium text-stone-700 underline-offset-4 hover:underline">
        Back to Home
      </Link>
      <p className="text-center">
        By {action} you agree to our{' '}
        <Link to="/terms" className="rounded underline underline-offset-2 hover:text-stone-800">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="rounded underline underline-offset-2 hover:text-stone-800">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
