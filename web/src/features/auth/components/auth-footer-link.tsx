import { Link } from 'react-router';
import { textLink } from '../../../components/ui/styles';

/** "Don't have an account? Sign up", "Back to login" and the like, under a form. */
export function AuthFooterLink({ text, linkText, to }: { text?: string; linkText: string; to: string }) {
  return (
    <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
      {text && `${text} `}
      <Link to={to} className={textLink}>
        {linkText}
      </Link>
    </p>
  );
}
