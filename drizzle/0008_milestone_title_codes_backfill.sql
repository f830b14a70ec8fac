-- Existing generated milestones get their code (domain/hawl/titles.ts), so that their titles
-- are shown in each reader's language: the threshold card's titles and the reviews' titles in
-- en, fr and nl, as the app stored them (reviews with or without " (Cancelled)"). Titles typed
-- by a person match none of these and keep no code.
UPDATE "milestones" SET "title_code" = 'nisab-reached'
WHERE "title_code" IS NULL AND "type" = 'threshold'
  AND "title" IN ('Nisab reached', 'Nisab atteint', 'Nisab bereikt');
--> statement-breakpoint
UPDATE "milestones" SET "title_code" = 'nisab-below'
WHERE "title_code" IS NULL AND "type" = 'threshold-down'
  AND "title" IN ('Fell below nisab', 'Passé sous le nisab', 'Onder de nisab gezakt');
--> statement-breakpoint
UPDATE "milestones" AS m
SET "title_code" = 'review-quarterly', "title_params" = jsonb_build_object('percent', q.percent)
FROM (VALUES
  (25, '25% Zakat Review'), (50, '50% Zakat Review'), (75, '75% Zakat Review'), (100, '100% Zakat Review'),
  (25, 'Bilan de zakat à 25 %'), (50, 'Bilan de zakat à 50 %'), (75, 'Bilan de zakat à 75 %'), (100, 'Bilan de zakat à 100 %'),
  (25, 'Zakatcontrole 25%'), (50, 'Zakatcontrole 50%'), (75, 'Zakatcontrole 75%'), (100, 'Zakatcontrole 100%')
) AS q(percent, title)
WHERE m."title_code" IS NULL AND m."type" = 'due' AND m."parent_code" IS NOT NULL
  AND (m."title" = q.title OR m."title" = q.title || ' (Cancelled)');
--> statement-breakpoint
UPDATE "milestones" AS m
SET "title_code" = 'review-monthly',
  "title_params" = (
    SELECT jsonb_build_object('month', round((m."date" - t."date") / 29.530589)::int)
    FROM "milestones" AS t
    WHERE t."workspace_id" = m."workspace_id" AND t."type" = 'threshold' AND t."code" = m."parent_code"
    LIMIT 1
  )
WHERE m."title_code" IS NULL AND m."type" = 'due' AND m."parent_code" IS NOT NULL
  AND regexp_replace(m."title", ' \(Cancelled\)$', '') IN
    ('Monthly Zakat Review', 'Bilan mensuel de zakat', 'Maandelijkse zakatcontrole');
