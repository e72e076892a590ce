import type { ShownPhoto } from '../content/photos';
import type { Teacher } from '../content/schema';
import { Photo } from './photo';

type FacultyListProps = {
  /** `portrait`: the teacher's photograph where supplied; `initials` stand in otherwise (src/content/page-data.ts). */
  members: readonly (Teacher & { id: string; initials: string; portrait?: ShownPhoto | undefined })[];
};

export function FacultyList({ members }: FacultyListProps) {
  return (
    <ul className="card-grid faculty">
      {members.map((member) => (
        <li key={member.id} className="card">
          <div className="faculty__who">
            {member.portrait ? (
              <Photo photo={member.portrait} use="portrait" className="avatar avatar--photo" />
            ) : (
              // Decorative: the name is the heading beside it.
              <span className="avatar" aria-hidden="true">
                {member.initials}
              </span>
            )}
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
