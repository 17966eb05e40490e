// Runs the Khronos glTF validator (npm's gltf-validator, installed by tools/install-deps) on one
// .gltf or .glb file: prints "errors N warnings M", then each error, warning and info (an unused
// object, for one), one a line. Exit 0 when it ran, 2 when it could not. Resources (buffers,
// images) must be inside the file.
const fs = require('fs');
const validator = require('gltf-validator');

const file = process.argv[2];
validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {maxIssues: 0})
    .then((report) => {
      const issues = report.issues;
      console.log(`errors ${issues.numErrors} warnings ${issues.numWarnings}`);
      for (const m of issues.messages) {
        const severity = ['error', 'warning', 'info'][m.severity];
        if (severity) console.log(`${severity} ${m.code} ${m.pointer || ''}: ${m.message}`);
      }
    })
    .catch((error) => {
      console.error(`gltf_validate: ${error}`);
      process.exit(2);
    });
