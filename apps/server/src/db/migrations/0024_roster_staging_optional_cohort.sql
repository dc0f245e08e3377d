ALTER TABLE "roster_user_rows" ALTER COLUMN "semester" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_user_rows" ALTER COLUMN "branch" DROP NOT NULL;