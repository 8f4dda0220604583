// Vite plugin: collect axe results posted by the preview and serve them.
function reportPlugin({ level }) {
  const byStory = new Map();
  return {
    name: "storybook-a11y-report",
    configureServer(server) {
      server.middlewares.use("/__a11y-report", (req, res) => {
        if (req.method === "POST") {
          let body = "";
          req.on("data", (c) => (body += c));
          req.on("end", () => {
            try {
              const { storyId, violations } = JSON.parse(body);
              if (violations && violations.length) byStory.set(storyId, violations);
              else byStory.delete(storyId);
            } catch {}
            res.statusCode = 204;
            res.end();
          });
          return;
        }
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ level, stories: Object.fromEntries(byStory) }, null, 2));
      });
    },
  };
}

module.exports = { reportPlugin };
