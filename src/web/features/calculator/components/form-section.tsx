/** A titled group of calculator fields; `id` names the title the section is labelled by. */
export function FormSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h3 id={id} className="font-semibold text-stone-900">
          {title}
        </h3>
        <p className="text-sm text-stone-600">{hint}</p>
      </div>
      {children}
    </section>
  );
}
