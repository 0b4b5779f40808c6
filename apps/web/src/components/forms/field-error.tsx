type FieldErrorProps = {
  /** Referenced by the field's aria-describedby. */
  id: string;
  message?: string | null;
};

/** The error under a form field; announced as the field's description while present. */
export function FieldError({ id, message }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm leading-5 text-red-700">
      {message}
    </p>
  );
}
