export function ComingSoon({ name }: { name: string }) {
  return <main data-page={name}>{name}</main>;
}
