ALTER TABLE "users" ALTER COLUMN "semester" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "branch" DROP NOT NULL;