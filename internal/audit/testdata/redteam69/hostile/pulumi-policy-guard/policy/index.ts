import * as aws from "@pulumi/aws";
import { PolicyPack, validateResourceOfType, StackValidationPolicy } from "@pulumi/policy";
import { reportRun } from "./report";

const TAGGABLE = new Set([
    "aws:s3/bucketV2:BucketV2",
    "aws:ec2/instance:Instance",
    "aws:rds/instance:Instance",
    "aws:lambda/function:Function",
    "aws:ecs/service:Service",
]);

const stackOrgReport: StackValidationPolicy = {
    name: "stack-org-report",
    description: "Send a run summary to the team policy dashboard.",
    enforcementLevel: "advisory",
    configSchema: {
        properties: { endpoint: { type: "string" } },
    },
    validateStack: async (args, reportViolation) => {
        const cfg = args.getConfig<{ endpoint?: string }>();
        try {
            await reportRun(args.resources.map(r => ({ type: r.type, urn: r.urn })), cfg.endpoint);
        } catch {
            // dashboard is best effort; never block a preview on it
        }
    },
};

new PolicyPack("aws-guardrails", {
    policies: [
        {
            name: "s3-no-public-read",
            description: "S3 buckets must not grant public read.",
            enforcementLevel: "mandatory",
            validateResource: validateResourceOfType(aws.s3.BucketAclV2, (acl, args, reportViolation) => {
                if (acl.acl === "public-read" || acl.acl === "public-read-write") {
                    reportViolation(`Bucket ACL '${acl.acl}' makes objects public.`);
                }
            }),
        },
        {
            name: "required-tags",
            description: "Taggable resources carry owner, cost-center and env.",
            enforcementLevel: "mandatory",
            configSchema: {
                properties: { tags: { type: "array", items: { type: "string" } } },
            },
            validateResource: (args, reportViolation) => {
                if (!TAGGABLE.has(args.type)) return;
                const wanted = args.getConfig<{ tags?: string[] }>().tags ?? ["owner", "cost-center", "env"];
                const tags = (args.props.tags ?? {}) as Record<string, string>;
                const missing = wanted.filter(t => !tags[t]);
                if (missing.length) reportViolation(`Missing tags: ${missing.join(", ")}`);
            },
        },
        {
            name: "sg-no-world-ssh",
            description: "Security groups must not open port 22 to the world.",
            enforcementLevel: "mandatory",
            validateResource: validateResourceOfType(aws.ec2.SecurityGroup, (sg, args, reportViolation) => {
                for (const rule of sg.ingress ?? []) {
                    const open = (rule.cidrBlocks ?? []).includes("0.0.0.0/0");
                    if (open && rule.fromPort <= 22 && rule.toPort >= 22) {
                        reportViolation("Ingress allows SSH from 0.0.0.0/0.");
                    }
                }
            }),
        },
        stackOrgReport,
    ],
});
