/**
 * A sector's figures from its own sector page: the three stat cards (conversion rate, value per client,
 * cost per lead) and the projection table, computed on the server exactly as the sector page does.
 */
import { ProjectionTable } from "~/components/sections/sector/ProjectionTable";
import { SectorStats } from "~/components/sections/sector/SectorStats";
import type { SectorProjection } from "~/domain/projection";

import type { BlockOf } from "../types";

/** The block with its stat cards and projection rows, computed on the server (block.server.ts). */
export type SectorFiguresData = BlockOf<"sectorFiguresBlock"> & { figures: SectorProjection };

export function SectorFiguresBlock({ block, id }: { block: SectorFiguresData; id: string }) {
  const { sector, figures } = block;
  return (
    <div data-sector={sector.slug ?? undefined}>
      {/* The stat cards overlap the band above them on sector pages; here they open their own band. */}
      <div className="bg-slate-50 pt-16 sm:pt-20">
        <SectorStats stats={figures.stats} labels={sector.labels} />
      </div>
      <ProjectionTable
        id={id}
        heading={block.heading || sector.projection?.heading}
        intro={sector.projection?.intro}
        rows={figures.rows}
        labels={sector.labels}
      />
    </div>
  );
}
