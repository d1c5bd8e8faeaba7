/** The title of an auth screen, with an optional line of explanation under it. */
export function AuthHeading({ title, text }: { title: string; text?: string }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-white">{title}</h1>
      {text && <p className="mt-2 text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{text}</p>}
    </div>
  );
}
