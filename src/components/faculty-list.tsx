import type { Teacher } from '../content/schema';

type FacultyListProps = {
  members: readonly (Teacher & { id: string })[];
};

export function FacultyList({ members }: FacultyListProps) {
  return (
    <ul className="card-grid faculty">
      {members.map((member) => (
        <li key={member.id} className="card">
          <h3>{member.name}</h3>
          <p className="faculty__subject">
            {member.subject} · {member.experience}
          </p>
          <p>{member.bio}</p>
        </li>
      ))}
    </ul>
  );
}
