import type { Teacher } from '../content/schema';

type FacultyListProps = {
  /** `initials`: what stands in for a portrait (src/content/page-data.ts). */
  members: readonly (Teacher & { id: string; initials: string })[];
};

export function FacultyList({ members }: FacultyListProps) {
  return (
    <ul className="card-grid faculty">
      {members.map((member) => (
        <li key={member.id} className="card">
          <div className="faculty__who">
            {/* Decorative: the name is the heading beside it. */}
            <span className="avatar" aria-hidden="true">
              {member.initials}
            </span>
            <h3>{member.name}</h3>
          </div>
          <p className="faculty__subject">
            {member.subject} · {member.experience}
          </p>
          <p>{member.bio}</p>
        </li>
      ))}
    </ul>
  );
}
