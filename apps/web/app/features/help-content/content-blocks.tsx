import type { ContentBlock } from './catalogue-lists';

/** Renders catalogue blocks as paragraphs, third-level headings and bullet lists. */
export function ContentBlocks({ blocks }: { blocks: readonly ContentBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'p':
            return (
              <p key={index} className="mt-3 leading-relaxed text-ink">
                {block.text}
              </p>
            );
          case 'h3':
            return (
              <h3 key={index} className="mt-6 text-lg font-bold text-ink">
                {block.text}
              </h3>
            );
          case 'ul':
            return (
              <ul key={index} className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed text-ink">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
        }
      })}
    </>
  );
}
