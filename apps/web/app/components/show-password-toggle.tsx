/** A pressed/unpressed button that shows the password fields' text (paste stays allowed). */
export function ShowPasswordToggle({
  visible,
  onToggle,
  label,
}: {
  visible: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost border-line"
      aria-pressed={visible}
      onClick={onToggle}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-4 rounded-sm border-2 border-ink ${visible ? 'bg-ink' : 'bg-white'}`}
      />
      {label}
    </button>
  );
}
