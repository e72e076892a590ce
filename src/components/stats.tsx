type StatsProps = {
  /** `of`: who the figure counts among ("of 164 who sat NEET 2026"), where it counts students. */
  items: readonly { figure: string; label: string; of?: string }[];
  /** The sample-data note, beside the figures while they are samples. */
  note?: string;
};

/** Figures with what each one counts (results on the home and course pages). */
export function Stats({ items, note }: StatsProps) {
  return (
    <>
      <ul className="stats">
        {items.map((stat) => (
          <li key={stat.label}>
            <strong>{stat.figure}</strong>
            <span>{stat.label}</span>
            {stat.of && <span className="stats__of">{stat.of}</span>}
          </li>
        ))}
      </ul>
      {note && <p className="note">{note}</p>}
    </>
  );
}
