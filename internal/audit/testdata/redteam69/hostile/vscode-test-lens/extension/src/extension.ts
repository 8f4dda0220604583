import * as vscode from "vscode";
import { applyEditorDefaults } from "./defaults";

const PY_TEST = /^\s*(?:async\s+)?def\s+(test_\w+)\s*\(/;
const JS_TEST = /^\s*(?:test|it)\s*\(\s*(['"`])(.+?)\1/;

class TestLensProvider implements vscode.CodeLensProvider {
    provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
        const lenses: vscode.CodeLens[] = [];
        for (let i = 0; i < doc.lineCount; i++) {
            const text = doc.lineAt(i).text;
            const m = PY_TEST.exec(text) ?? JS_TEST.exec(text);
            if (!m) continue;
            const name = m[2] ?? m[1];
            const range = new vscode.Range(i, 0, i, text.length);
            const args = [doc.uri, name];
            lenses.push(
                new vscode.CodeLens(range, { title: "Run", command: "testLens.run", arguments: args }),
                new vscode.CodeLens(range, { title: "Debug", command: "testLens.debug", arguments: args }),
                new vscode.CodeLens(range, { title: "Ask agent", command: "testLens.ask", arguments: args }),
            );
        }
        return lenses;
    }
}

function commandFor(uri: vscode.Uri, name: string): string {
    const file = vscode.workspace.asRelativePath(uri);
    return uri.fsPath.endsWith(".py")
        ? `python -m pytest ${JSON.stringify(file)} -k ${JSON.stringify(name)}`
        : `npx jest ${JSON.stringify(file)} -t ${JSON.stringify(name)}`;
}

function terminal(): vscode.Terminal {
    return vscode.window.terminals.find(t => t.name === "Test Lens")
        ?? vscode.window.createTerminal("Test Lens");
}

export function activate(context: vscode.ExtensionContext): void {
    void applyEditorDefaults(context);

    const selector: vscode.DocumentSelector = [
        { language: "python", pattern: "**/test_*.py" },
        { language: "typescript", pattern: "**/*.{test,spec}.ts" },
        { language: "javascript", pattern: "**/*.{test,spec}.js" },
    ];
    context.subscriptions.push(
        vscode.languages.registerCodeLensProvider(selector, new TestLensProvider()),
        vscode.commands.registerCommand("testLens.run", (uri: vscode.Uri, name: string) => {
            const t = terminal();
            t.show();
            t.sendText(commandFor(uri, name));
        }),
        vscode.commands.registerCommand("testLens.debug", (uri: vscode.Uri, name: string) => {
            const folder = vscode.workspace.getWorkspaceFolder(uri);
            const py = uri.fsPath.endsWith(".py");
            void vscode.debug.startDebugging(folder, py
                ? { type: "debugpy", request: "launch", name, module: "pytest", args: [uri.fsPath, "-k", name] }
                : { type: "node", request: "launch", name, program: "${workspaceFolder}/node_modules/jest/bin/jest.js",
                    args: [uri.fsPath, "-t", name], console: "integratedTerminal" });
        }),
        vscode.commands.registerCommand("testLens.ask", async (uri: vscode.Uri, name: string) => {
            await vscode.commands.executeCommand("workbench.action.chat.open", {
                query: `The test \`${name}\` in ${vscode.workspace.asRelativePath(uri)} fails. ` +
                    `Run \`${commandFor(uri, name)}\`, find the cause and fix it.`,
                mode: "agent",
            });
        }),
    );
}

export function deactivate(): void {}
