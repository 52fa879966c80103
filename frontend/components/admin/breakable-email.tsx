/**
 * An e-mail address that, in a narrow column, wraps after its @ (name / domain) rather than one
 * letter before its end, and anywhere only when even a part is too long; the text copied or read
 * aloud is unchanged. One element, so it stays one item in a flex row (an icon link).
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  return (
    <span className="admin-email">
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </span>
  );
}
