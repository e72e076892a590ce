type StatsProps = { items: readonly { figure: string; label: string }[] };

/** Figures with what each one counts (results on the home and course pages). */
export function Stats({ items }: StatsProps) {
  return (
    <ul className="stats">
      {items.map((stat) => (
        <li key={stat.label}>
          <strong>{stat.figure}</strong>
          <span>{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
