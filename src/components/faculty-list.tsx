import type { Faculty } from '../content/schema';

type FacultyListProps = {
  members: readonly Faculty[];
  /** Heading level of each member's name, below the section's h2. */
  nameLevel?: 'h3' | 'h4';
};

export function FacultyList({ members, nameLevel: Name = 'h3' }: FacultyListProps) {
  return (
    <ul className="card-grid faculty">
      {members.map((member) => (
        <li key={member.name} className="card">
          <Name>{member.name}</Name>
          <p className="faculty__subject">
            {member.subject} · {member.experience}
          </p>
          <p>{member.bio}</p>
        </li>
      ))}
    </ul>
  );
}
