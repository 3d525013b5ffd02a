"""Independent check of an exported workout file, for the tests: never imported by the hub.

Usage: check_workout_file.py FILE gpx|tcx SCHEMA_DIR
Prints one JSON object: whether lxml finds the file valid against the published XSDs (with the Garmin
extensions' schemas, so their elements are checked too), and the totals an independent parser reads from it
(gpxpy for GPX; lxml XPath for TCX).
"""
import json
import os
import sys

from lxml import etree

path, kind, schemas = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])


def schema(imports):
    # One schema importing the format's and its extensions' XSDs: <extensions> are processContents="lax", so
    # an element of an imported namespace is validated strictly against its own schema.
    lines = ['<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:stayfit-test">']
    for namespace, name in imports:
        location = "file://" + os.path.join(schemas, name)
        lines.append(f'<xsd:import namespace="{namespace}" schemaLocation="{location}"/>')
    lines.append("</xsd:schema>")
    return etree.XMLSchema(etree.fromstring("\n".join(lines).encode()))


report = {}
document = etree.parse(path)
if kind == "gpx":
    validator = schema([
        ("http://www.topografix.com/GPX/1/1", "gpx.xsd"),
        ("http://www.garmin.com/xmlschemas/TrackPointExtension/v2", "TrackPointExtensionv2.xsd"),
    ])
else:
    validator = schema([
        ("http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2", "TrainingCenterDatabasev2.xsd"),
        ("http://www.garmin.com/xmlschemas/ActivityExtension/v2", "ActivityExtensionv2.xsd"),
    ])
report["valid"] = validator.validate(document)
report["errors"] = [f"line {e.line}: {e.message}" for e in list(validator.error_log)[:5]]

if kind == "gpx":
    import gpxpy

    with open(path) as handle:
        gpx = gpxpy.parse(handle)
    report["points"] = gpx.get_track_points_no()
    report["distance"] = gpx.length_2d()
    report["duration"] = gpx.get_duration()
    report["segments"] = sum(len(track.segments) for track in gpx.tracks)
    heart_rates = 0
    for track in gpx.tracks:
        for segment in track.segments:
            for point in segment.points:
                for extension in point.extensions:
                    heart_rates += sum(1 for child in extension.iter() if child.tag.endswith("}hr"))
    report["heartRates"] = heart_rates
else:
    ns = {"t": "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"}
    report["points"] = len(document.xpath("//t:Trackpoint", namespaces=ns))
    report["positions"] = len(document.xpath("//t:Trackpoint/t:Position", namespaces=ns))
    report["heartRates"] = len(document.xpath("//t:Trackpoint/t:HeartRateBpm", namespaces=ns))
    report["laps"] = len(document.xpath("//t:Lap", namespaces=ns))
    report["distance"] = sum(float(x) for x in document.xpath("//t:Lap/t:DistanceMeters/text()", namespaces=ns))
    report["duration"] = sum(float(x) for x in document.xpath("//t:Lap/t:TotalTimeSeconds/text()", namespaces=ns))
    report["calories"] = sum(int(x) for x in document.xpath("//t:Lap/t:Calories/text()", namespaces=ns))
    report["segments"] = len(document.xpath("//t:Track", namespaces=ns))
print(json.dumps(report))
