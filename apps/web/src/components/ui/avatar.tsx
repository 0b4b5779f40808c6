type AvatarProps = {
  name: string;
  imageUrl?: string | null;
  className?: string;
};

function initials(name: string) {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase();
}

/** The photo when there is one, else initials; the name beside it is what screen readers read. */
export function Avatar({ name, imageUrl, className = 'size-9 text-sm' }: AvatarProps) {
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        referrerPolicy="no-referrer"
        className={`shrink-0 rounded-full object-cover ring-1 ring-stone-200 ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 ${className}`}
    >
      {initials(name)}
    </span>
  );
}
