/** A field people never see and bots fill in: a post that has it is spam (a public form stores it so, the sign-up ignores it). */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
